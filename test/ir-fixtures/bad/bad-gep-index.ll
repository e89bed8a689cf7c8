; ERROR: 4:22: invalid getelementptr indices
%S = type { i32, i32 }
define ptr @f(ptr %p, i32 %i) {
  %q = getelementptr %S, ptr %p, i32 0, i32 %i
  ret ptr %q
}
