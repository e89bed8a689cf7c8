; ERROR: 2:24: constant string has 3 bytes but its type '[4 x i8]' has 4
@s = constant [4 x i8] c"abc"
