assert stats.total_params == 21840
