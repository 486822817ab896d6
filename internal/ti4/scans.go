package ti4

// The scans of the follow-ups (structures, control, excess, elimination,
// notes) read only units, planets, command sheets, technologies, laws,
// promissory notes and who is in the game. Apply counts, for each scan,
// the events that may change what it reads; a scan that found nothing is
// skipped until its count moves. A state decoded, built by hand or cloned
// starts with every scan unknown; code that changes units other than by
// Apply must work on a clone.

type scan int

const (
	scanStructures scan = iota
	scanControl
	scanExcess
	scanElimination
	scanNotes // Support for the Throne in another player's hand
	nScans
)

type scans struct {
	board [nScans]uint64 // by scan, events that may have changed what it reads
	quiet [nScans]uint64 // board+1 when the scan last found nothing
}

const allScans = 1<<nScans - 1

// touches is the set of scans (a bit per scan) whose reading an event of
// this kind may change. Any kind not listed wakes every scan, so a kind
// missing here only costs time.
func touches(kind string) uint8 {
	switch kind {
	case EvCoupPassed, EvPickPassed, EvSabotagePass, EvDiscardPassed,
		EvSecondaryDone, EvPrimaryDone, EvScoringDone, EvPassed,
		EvStepSet, EvStepCleared, EvStepProgress, EvChoiceQueued, EvChoiceNext,
		EvFreeSecondary, EvCoupWindow, EvStrategicBegun, EvStrategicEnded,
		EvStrategyPicked, EvCoupClosed, EvACPending, EvACResolved,
		EvCardsDrawn, EvTradeGoods, EvCommodities, EvTrade, EvSpent,
		EvPlanetExhausted, EvTacticalBegun, EvTacticalEnded, EvCombat,
		EvStatusDone, EvTurnEnded, EvCommandToken,
		EvInvStarted, EvEstablished, EvDeclared, EvProduced:
		return 0
	case EvTokensSet:
		return 1 << scanExcess // the fleet pool
	case EvTacStep, EvInvasionBegun, EvInvasionEnded:
		return 1<<scanControl | 1<<scanStructures // which system is being invaded (25.5b)
	}
	return allScans
}

// noteEvent counts e for each scan whose reading it may change.
func (s *State) noteEvent(e *Event) {
	t := touches(e.Kind)
	if t == 0 {
		return
	}
	for k := range nScans {
		if t&(1<<k) != 0 {
			s.scans.board[k]++
		}
	}
}

// quiet reports that scan k found nothing and nothing it reads has changed since.
func (s *State) quiet(k scan) bool { return s.scans.quiet[k] == s.scans.board[k]+1 }

// setQuiet records that scan k has just found nothing.
func (s *State) setQuiet(k scan) { s.scans.quiet[k] = s.scans.board[k] + 1 }
