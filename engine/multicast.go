package engine

// Multicast sends m to a group: one send by the process, one copy to each
// member but the sender itself, in the order the group lists them. Each copy
// travels over its own link, so each is delayed, lost (Config.Loss, the
// link's own loss, a cut link) or dropped by the user on its own, and a
// crashed member loses its copy: what a group protocol has to repair.
// The copies share m's Body, which must therefore be immutable.
func (e *Env) Multicast(group []int, m Message) {
	for _, q := range group {
		if q != e.self {
			e.Send(q, m)
		}
	}
}
