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

# The score interval of a mean in [0, 1] (stats.ScoreInterval), by another
# route: the constrained maximum likelihood by golden-section search for the
# maximum of the concave dual sum c_k ln(1 + lam (v_k - p)) over lam in
# [-1/(1-p), 1/p] (the Go code finds the root of its derivative), the mass
# the observed values cannot carry at 0 or 1, and the interval's ends by a
# scan of p in steps of 1e-3 followed by bisection of the bracket found.
def cvar(values, counts, p):
    n = sum(counts)
    if p <= 0 or p >= 1:
        return 0.0
    def dual(lam):
        s = 0.0
        for v, c in zip(values, counts):
            if c > 0:
                t = 1 + lam * (v - p)
                if t <= 0:
                    return -math.inf
                s += c * math.log(t)
        return s
    a, b = -1 / (1 - p), 1 / p
    g = (math.sqrt(5) - 1) / 2
    for _ in range(300):
        x1, x2 = b - g * (b - a), a + g * (b - a)
        if dual(x1) < dual(x2):
            a = x1
        else:
            b = x2
    lam = (a + b) / 2
    qs = [(v, c / (n * (1 + lam * (v - p)))) for v, c in zip(values, counts) if c > 0]
    rest = max(0.0, 1 - sum(q for _, q in qs))
    s = sum(v * q for v, q in qs)  # the mean is s with the rest at 0, s + rest at 1
    at = 0.0 if abs(s - p) <= abs(s + rest - p) else 1.0
    return sum(q * (v - p) ** 2 for v, q in qs) + rest * (at - p) ** 2

def score_interval(values, counts, z=1.959963984540054):
    n = sum(counts)
    m = sum(v * c for v, c in zip(values, counts)) / n
    out = lambda p: n * (m - p) ** 2 > z * z * cvar(values, counts, p)
    def end(step):
        p = m
        while 0 <= p + step <= 1 and not out(p + step):
            p += step
        if not 0 <= p + step <= 1:
            return 0.0 if step < 0 else 1.0
        a, b = p + step, p  # out at a, in at b
        for _ in range(100):
            mid = (a + b) / 2
            if out(mid):
                a = mid
            else:
                b = mid
        return (a + b) / 2
    return end(-1e-3), end(1e-3)

PV = [0, 0.25, 0.5, 0.75, 1]
for c in ([0, 0, 0, 0, 3], [0, 0, 3, 0, 0], [1, 0, 0, 0, 2], [10, 20, 40, 20, 10], [3, 15, 50, 25, 7], [0, 1, 2, 1, 0], [30, 10, 5, 2, 1]):
    lo, hi = score_interval(PV, c)
    n, m = sum(c), sum(v * k for v, k in zip(PV, c)) / sum(c)
    v = cvar(PV, c, 0.5)
    pv = 1.0 if m == 0.5 else math.erfc(math.sqrt(n * (m - 0.5) ** 2 / v) / math.sqrt(2))
    print("score", c, "%.12g %.12g p %.12g" % (lo, hi, pv))
