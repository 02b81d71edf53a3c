//go:build !unix

package sim

// cpuSeconds cannot be read here.
func cpuSeconds() float64 { return -1 }
