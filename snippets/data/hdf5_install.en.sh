# Install HDF5 1.10 from source (the tarball is at https://www.hdfgroup.org/HDF5/release/obtainsrc5110.html);
# follow its readme, but basically you only need to give an install directory before make:
./configure --prefix=/usr/local/hdf5   # the note says /usr/local/h5py, which does not match HDF5_DIR below
make
make install

# Remove the h5py you have
conda uninstall h5py
# or
pip uninstall h5py

# Reinstall h5py with pip, pointing it at the HDF5 library built from source
# (pip today installs a wheel with its own HDF5; --no-binary=h5py makes it really build from source)
HDF5_DIR=/usr/local/hdf5 pip install --no-binary=h5py h5py
