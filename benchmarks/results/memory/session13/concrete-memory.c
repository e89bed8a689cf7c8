/* Concrete memory traffic: small locals, a 100-byte and a 4 KB array, memcpy/memset between them. */
void *memcpy(void *, const void *, unsigned long);
void *memset(void *, int, unsigned long);
static unsigned char big[4096];
int main(void) {
  unsigned char mid[100];
  unsigned long acc = 0;
  for (int r = 0; r < 8000; r++) {
    memset(mid, r, sizeof mid);
    for (int i = 0; i < 4096; i += 7) big[i] = (unsigned char)(i + r);
    for (int i = 0; i < 100; i++) acc += mid[i] * big[(i * 41 + r) % 4096];
    memcpy(big + (r % 3000), mid, sizeof mid);
    long long w = 0;
    for (int i = 0; i + 8 <= 4096; i += 64) w ^= *(long long *)(big + i);
    acc += (unsigned long)w;
  }
  return (int)(acc & 0x7f);
}
