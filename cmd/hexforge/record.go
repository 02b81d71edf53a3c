package main

import (
	"fmt"
	"io"

	"github.com/hexforge/hexforge/study"
	"github.com/spf13/cobra"
)

// recordFlags declares sim's --record, --record-losses and --record-dir
// (study.Recording).
func recordFlags(cmd *cobra.Command, rc *study.Recording) {
	cmd.Flags().IntVar(&rc.Games, "record", 0, "also write the traces of the run's first K games (docs/trace.md) to --record-dir")
	cmd.Flags().IntVar(&rc.Losses, "record-losses", 0, "also write the traces of the K games army A lost by the most HQ points to --record-dir (named by game number, as play --game counts); with --mode, the K games the first-named army did not win")
	cmd.Flags().StringVar(&rc.Dir, "record-dir", "traces", "directory of the --record traces: DIR/game-0001.jsonl, ...")
}

func printLines(w io.Writer, lines []string) {
	for _, l := range lines {
		fmt.Fprintln(w, l)
	}
}
