package player

// AllFacings is spec scoring every placement of a Structure, the logic
// before scoreStructureRun, for TestStructureFacingsStrength (package
// player_test, which plays through sim).
func AllFacings(spec Spec) Spec {
	spec.allFacings = true
	return spec
}
