package rules

import (
	"fmt"
	"strings"
)

// AttackStop is what stops a shot of the attack step besides the enemy it
// hits (a bit set).
type AttackStop uint8

const (
	StopFriends AttackStop = 1 << iota // an own unit stops it (it passes over them without)
	StopHQ                             // an HQ stops it, of either side, after hitting it if it is an enemy's
)

// AttackStopNames are the words of stopped_by=, bit i for 1<<i.
var AttackStopNames = []string{"friends", "hq"}

// Attack is how an attack step attacks.
type Attack struct {
	Ranged bool      // a shot along the line; otherwise a melee blow on the adjacent hex
	Flags  EdgeFlags // RangedPiercing, RangedAimed, MeleeHitsFriends (hits_friends, melee or ranged)
	Range  uint8     // the farthest hex a shot reaches (0: the board's edge)
	Stop   AttackStop
	By     Ref // who attacks: RefSelf (the token), RefOwnHQ, or RefNone: an own unit the player picks
}

func (a *Attack) String() string {
	parts := []string{"melee"}
	if a.Ranged {
		parts[0] = "ranged"
	}
	if a.Flags&RangedPiercing != 0 {
		parts = append(parts, "piercing")
	}
	if a.Flags&RangedAimed != 0 {
		parts = append(parts, "aimed")
	}
	if a.Flags&MeleeHitsFriends != 0 {
		parts = append(parts, "hits_friends")
	}
	if a.Range > 0 {
		parts = append(parts, fmt.Sprintf("range=%d", a.Range))
	}
	for i, n := range AttackStopNames {
		if a.Stop&(1<<i) != 0 {
			parts = append(parts, "stopped_by="+n)
		}
	}
	if a.By != RefNone {
		parts = append(parts, "unit="+a.By.String())
	}
	return strings.Join(parts, " ")
}
