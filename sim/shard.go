package sim

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseShard reads sim's --shard i/n: shard i of n, from 0.
func ParseShard(s string) (Shard, error) {
	i, n, ok := strings.Cut(s, "/")
	si, err1 := strconv.Atoi(i)
	sn, err2 := strconv.Atoi(n)
	if !ok || err1 != nil || err2 != nil || sn < 1 || si < 0 || si >= sn {
		return Shard{}, fmt.Errorf("--shard %q: want i/n with 0 <= i < n, e.g. 0/8", s)
	}
	return Shard{I: si, N: sn}, nil
}
