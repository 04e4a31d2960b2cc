assert n_out_params == 2 * 4 * (128 * 16 + 16)
