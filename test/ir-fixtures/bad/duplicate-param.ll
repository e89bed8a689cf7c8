; ERROR: 2:23: redefinition of '%a'
define i32 @f(i32 %a, i32 %a) {
  ret i32 %a
}
