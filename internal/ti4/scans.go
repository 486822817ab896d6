package ti4

// The scans of the follow-ups (structures, control, excess, elimination,
// notes) read only units, planets, command sheets, technologies, laws,
// promissory notes and who is in the game. Apply counts every event that may change any of
// those; a scan that found nothing is skipped until the count moves.
// Events listed in offBoard change none of what the scans read, so they
// leave the count alone. A state decoded, built by hand or cloned starts
// with every scan unknown; code that changes units other than by Apply
// must work on a clone.

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
	board uint64         // events that may have changed what the scans read
	quiet [nScans]uint64 // board+1 when the scan last found nothing
}

// offBoard are frequent events that change nothing a scan reads. Any kind
// not listed counts as a change, so a kind missing here only costs time.
var offBoard = map[string]bool{
	EvCoupPassed: true, EvPickPassed: true, EvSabotagePass: true, EvDiscardPassed: true,
	EvSecondaryDone: true, EvPrimaryDone: true, EvScoringDone: true, EvPassed: true,
	EvStepSet: true, EvStepCleared: true, EvStepProgress: true, EvChoiceQueued: true,
	EvFreeSecondary: true, EvCoupWindow: true, EvStrategicBegun: true, EvStrategicEnded: true,
	EvStrategyPicked: true, EvCoupClosed: true, EvACPending: true, EvACResolved: true,
	EvCardsDrawn: true, EvTradeGoods: true, EvCommodities: true, EvTrade: true, EvSpent: true,
	EvPlanetExhausted: true, EvTacticalBegun: true, EvTacticalEnded: true, EvCombat: true,
	EvStatusDone: true, EvTurnEnded: true, EvCommandToken: true,
}

// noteEvent counts e if it may change what the scans read.
func (s *State) noteEvent(e *Event) {
	if !offBoard[e.Kind] {
		s.scans.board++
	}
}

// quiet reports that scan k found nothing and nothing it reads has changed since.
func (s *State) quiet(k scan) bool { return s.scans.quiet[k] == s.scans.board+1 }

// setQuiet records that scan k has just found nothing.
func (s *State) setQuiet(k scan) { s.scans.quiet[k] = s.scans.board + 1 }
