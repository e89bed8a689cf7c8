; ERROR: 2:24: unterminated string constant
@s = constant [3 x i8] c"ab
