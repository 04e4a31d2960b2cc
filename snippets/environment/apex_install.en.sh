# Install package:
# --no-cache-dir: do not use or keep pip's cache
pip install -v --no-cache-dir --global-option="--cpp_ext" --global-option="--cuda_ext" ./

# or
python setup.py install --cuda_ext --cpp_ext
