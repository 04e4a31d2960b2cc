assert "modified by an inplace operation" in str(lesson_error)
