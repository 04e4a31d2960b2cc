# Clean the old install before rebuilding:
pip uninstall apex
cd apex_repo_dir
rm -rf build # (if present)
rm -rf apex.egg-info # (if present)
