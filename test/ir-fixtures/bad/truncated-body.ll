; ERROR: 3:11: expected an instruction or '}' here, found end of file
define void @f() {
  ret void
