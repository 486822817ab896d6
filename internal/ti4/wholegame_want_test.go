package ti4

// The scripted three-player game's result: the public objectives run out
// after round 9 and the leader wins (81.2b, 98.8).
var (
	wantWinner = 2
	wantVPs    = []int{0, 0, 0}
)
