; ERROR: 2:36: expected ',' or ']' here, found end of file
@a = global [2 x i32] [i32 1, i32 2
