import h5py

print("HDF5", h5py.version.hdf5_version)  # the HDF5 library bundled in the h5py wheel from pip
wheel_has_1_10 = tuple(map(int, h5py.version.hdf5_version.split(".")[:2])) >= (1, 10)
assert wheel_has_1_10

# The note's test: h5py 3 warns that swmr=True only affects read ('r') mode; the file is not in SWMR mode
f = h5py.File("./swmr.h5", 'a', libver='latest', swmr=True)
print(f.swmr_mode)
swmr_after_open = f.swmr_mode
assert swmr_after_open is False

# The right way for a writer: set f.swmr_mode = True after opening the file
f.swmr_mode = True
print(f.swmr_mode)
assert f.swmr_mode is True
f.close()

# Do the note's two claims hold? (the site labels the claims from this)
note_claims_hold = {
    "data-hdf5-source-build": not wheel_has_1_10,  # must HDF5 1.10 be built from source?
    "data-swmr-test": swmr_after_open,  # does the note's line open SWMR mode?
}
