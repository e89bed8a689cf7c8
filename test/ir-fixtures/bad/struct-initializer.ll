; ERROR: 3:16: element 1 of struct initializer doesn't match struct element type
%S = type { i32, i64 }
@s = global %S { i32 1, i32 2 }
