package ti4

// Events are built in the state's scratch memory rather than in a fresh
// slice each: a decided action's events are applied before the next Decide
// or Follow, which starts the scratch again. Regions are only ever added at
// the end, so a slice handed out earlier in the same call stays intact.

// emit copies evs into the scratch and returns them there. The slice's
// capacity ends with it, so a plain append to it copies instead of
// overwriting a later region.
func (s *State) emit(evs ...Event) []Event {
	n := len(s.scratch)
	s.scratch = append(s.scratch, evs...)
	return s.scratch[n:len(s.scratch):len(s.scratch)]
}

// extend is append for event slices: ev grows in place when it is the last
// region of the scratch, or joins more when more follows it there, and is
// copied to the end of it otherwise.
func (s *State) extend(ev []Event, more ...Event) []Event {
	if len(more) == 0 {
		return ev
	}
	if n := len(s.scratch); len(ev) > 0 && n > 0 && &ev[len(ev)-1] == &s.scratch[n-1] {
		s.scratch = append(s.scratch, more...)
		return s.scratch[n-len(ev) : len(s.scratch) : len(s.scratch)]
	}
	n := len(s.scratch)
	// more emitted just after ev (a helper's events): the two regions side
	// by side at the end are already the answer.
	if k := n - len(more); len(ev) > 0 && k > 0 && &s.scratch[k] == &more[0] && &s.scratch[k-1] == &ev[len(ev)-1] {
		return s.scratch[k-len(ev) : n : n]
	}
	s.scratch = append(s.scratch, ev...)
	s.scratch = append(s.scratch, more...)
	return s.scratch[n:len(s.scratch):len(s.scratch)]
}

// offerBuf collects the actions a definition offers to Legal. Definitions
// are called through function values, so the lister's own add, passed to
// them, would escape to the heap on every call; they are given this
// buffer's add instead, kept with the state, and the lister copies what
// it collected.
type offerBuf struct {
	list []Action
	add  func(Action)
}

// offerBuf is the state's buffer, emptied.
func (s *State) offerBuf() *offerBuf {
	b := s.offers
	if b == nil {
		b = &offerBuf{}
		b.add = func(a Action) { b.list = append(b.list, a) }
		s.offers = b
	}
	b.list = b.list[:0]
	return b
}

// flush hands what was collected to add.
func (b *offerBuf) flush(add func(Action)) {
	for _, a := range b.list {
		add(a)
	}
}
