/* A small C program touching most of what clang emits (structs, unions, bitfields, varargs, switch,
 * goto, computed goto, function pointers, floating point); its .ll files are the fuzz test's seeds. */
#include <stdio.h>
#include <stdarg.h>
#include <string.h>
struct S { int a; char b; long c; struct S *next; };
union U { int i; float f; };
struct B { unsigned x:3, y:5; int z:20; };
static const char *names[] = {"a","bb","ccc"};
int arr[10] = {1,2,3};
struct S gs = { 1, 'x', 3, &gs };
long addr = (long)&arr[3];
int *pa = &arr[2] + 1;
typedef int (*fp)(int);
static int sq(int x) { return x*x; }
fp fps[2] = { sq, 0 };
int sum(int n, ...) { va_list ap; va_start(ap,n); int s=0; for(int i=0;i<n;i++) s+=va_arg(ap,int); va_end(ap); return s; }
double f(double x, float y) { return x*y + 1.5; }
int main(int argc, char **argv) {
  struct S s = gs; struct B b = {1,2,3}; union U u; u.f = 1.0f;
  char buf[32]; strcpy(buf, argv[0]);
  switch (argc) { case 1: printf("%d\n", sum(3,1,2,3)); break; case 5: goto end; default: b.x++; }
  for (int i = 0; i < 10; i++) arr[i] += i * argc;
  unsigned long long big = argc; big <<= 40; short sh = (short)big;
  static void *lbl[] = {&&end, &&l2}; 
  goto *lbl[argc & 1];
l2: printf("%s %d %f %d\n", names[argc%3], fps[0](argc), f(argc, 2.0f), (int)sh + b.x + u.i);
end:
  return s.a;
}
