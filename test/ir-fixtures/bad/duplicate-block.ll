; ERROR: 7:1: redefinition of '%entry2'
define void @f() {
entry:
  br label %entry2
entry2:
  ret void
entry2:
  ret void
}
