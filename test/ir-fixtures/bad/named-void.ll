; ERROR: 3:3: instructions returning void cannot have a name
define void @f(ptr %p) {
  %x = store i32 1, ptr %p
  ret void
}
