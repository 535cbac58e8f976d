#!/usr/bin/env python3
"""What one read of a byte costs in a mapped file not in the page cache,
with the kernel's default read-around or with MADV_RANDOM: N reads at
random offsets (seeded), each timed; prints the median, 90th percentile,
worst and total. Drop the page cache first (as root:
`sync; echo 1 > /proc/sys/vm/drop_caches`).

Usage: scripts/fault_latency.py FILE normal|random N
"""
import mmap
import os
import random
import sys
import time

path, advice, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
f = open(path, "rb")
size = os.fstat(f.fileno()).st_size
m = mmap.mmap(f.fileno(), size, prot=mmap.PROT_READ)
if advice == "random":
    m.madvise(mmap.MADV_RANDOM)
random.seed(1)
lat = []
for _ in range(n):
    i = random.randrange(size)
    t = time.perf_counter()
    _ = m[i]
    lat.append(time.perf_counter() - t)
lat.sort()
print(f"{advice}: {n} reads, median {lat[n // 2] * 1e3:.3f} ms, 90% {lat[n * 9 // 10] * 1e3:.3f} ms, "
      f"worst {lat[-1] * 1e3:.3f} ms, total {sum(lat) * 1e3:.1f} ms")
