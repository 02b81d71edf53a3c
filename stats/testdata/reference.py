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

# Bradley-Terry with a first-player term, fitted by plain gradient ascent (a
# different method from the Go Newton solver) on the same objective: binomial
# log-likelihood of the games (draws half), one virtual draw per player against
# a 0-rated player, penalty -(sum of logit ratings)^2/2; ratings centred.
def bt(n, pairs, iters=200000, lr=0.01):
    x = [0.0] * (n + 1)
    games = {}
    for a, b, af, asec in pairs:
        games.setdefault((a, b), [0, 0]); games[(a, b)][0] += 1; games[(a, b)][1] += af
        games.setdefault((b, a), [0, 0]); games[(b, a)][0] += 1; games[(b, a)][1] += 1 - asec
    for _ in range(iters):
        g = [0.0] * (n + 1)
        for (f, s), (ng, sc) in games.items():
            p = 1 / (1 + math.exp(-(x[f] - x[s] + x[n])))
            r = sc - ng * p
            g[f] += r; g[s] -= r; g[n] += r
        tot = sum(x[:n])
        for i in range(n):
            g[i] += 0.5 - 1 / (1 + math.exp(-x[i])) - tot
        x = [xi + lr * gi for xi, gi in zip(x, g)]
    k = math.log(10) / 400
    mean = sum(x[:n]) / n
    return [(xi - mean) / k for xi in x[:n]], x[n] / k

BT_PAIRS = [(0, 1, 1, 1), (0, 1, 1, 0.5), (0, 1, 0, 1), (1, 2, 1, 1), (1, 2, 1, 0),
            (0, 2, 1, 1), (0, 2, 1, 1), (2, 0, 1, 0), (1, 2, 0.5, 0.5), (2, 1, 1, 0)]
r, first = bt(3, BT_PAIRS)
print("bt", ["%.10g" % v for v in r], "%.10g" % first)
