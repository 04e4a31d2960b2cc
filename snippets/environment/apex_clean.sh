# Clean the old install before rebuilding:
pip uninstall apex
# 编者：去掉了笔记里的引用符 > 和 Markdown 转义 \_，"(if present)" 改成注释
cd apex_repo_dir
rm -rf build # (if present)
rm -rf apex.egg-info # (if present)
