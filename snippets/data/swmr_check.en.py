import h5py

print("HDF5", h5py.version.hdf5_version)  # the HDF5 library bundled in the h5py wheel from pip
assert tuple(map(int, h5py.version.hdf5_version.split(".")[:2])) >= (1, 10)

# The note's test: h5py 3 warns that swmr=True only affects read ('r') mode; the file is not in SWMR mode
f = h5py.File("./swmr.h5", 'a', libver='latest', swmr=True)
print(f.swmr_mode)
assert f.swmr_mode is False

# The right way for a writer: set f.swmr_mode = True after opening the file
f.swmr_mode = True
print(f.swmr_mode)
assert f.swmr_mode is True
f.close()
