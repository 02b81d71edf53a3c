#!/usr/bin/env python3
"""Independent reference values for the stats package tests (plain Python,
no scipy needed). Run: python3 stats/testdata/reference.py"""
import math

def penta(c):
    n = sum(c)
    m = sum(ck * k / 4 for k, ck in enumerate(c)) / n
    v = sum(ck * (k / 4 - m) ** 2 for k, ck in enumerate(c)) / n
    se = math.sqrt(v / n)
    z = 1.959963984540054
    p = math.erfc(abs(m - 0.5) / se / math.sqrt(2))
    return m, v, max(0, m - z * se), min(1, m + z * se), p

def llr(c, p0, p1):
    n = sum(c)
    m, v = penta(c)[:2]
    return n * (p1 - p0) * (2 * m - p0 - p1) / (2 * v)

def holm(ps):
    m = len(ps); idx = sorted(range(m), key=lambda i: ps[i]); out = [0] * m; run = 0
    for k, i in enumerate(idx):
        run = max(run, min(1, (m - k) * ps[i])); out[i] = run
    return out

def bh(ps):
    m = len(ps); idx = sorted(range(m), key=lambda i: ps[i]); out = [0] * m; run = 1
    for k in range(m - 1, -1, -1):
        i = idx[k]; run = min(run, m / (k + 1) * ps[i]); out[i] = run
    return out

for c in ([10, 20, 40, 20, 10], [3, 15, 50, 25, 7], [0, 1, 2, 1, 0], [30, 10, 5, 2, 1]):
    print("penta", c, *("%.17g" % x for x in penta(c)))
    print("llr", c, "%.17g" % llr(c, 0.45, 0.55))
print("bounds %.17g %.17g" % (math.log(0.05 / 0.95), math.log(0.95 / 0.05)))
ps = [0.01, 0.04, 0.03, 0.005, 0.2]
print("holm", ["%.17g" % x for x in holm(ps)])
print("bh", ["%.17g" % x for x in bh(ps)])
