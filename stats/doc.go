// Package stats holds the pure statistics hexforge reports: pentanomial pair
// statistics, the one score interval every figure uses (ScoreInterval) and
// the equivalence tests built on it, sequential probability ratio tests on
// pairs, and corrections for multiple comparisons. It depends on nothing else in hexforge, so each
// function can be checked against an independent reference
// (testdata/reference.py). docs/statistics.md explains every figure.
package stats
