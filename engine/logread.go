package engine

// Reading events back from the log's stream (log.go describes the format).

// reader decodes the stream from a position.
type reader struct {
	chunk, off int
	next       int64 // index (from 0) of the next event
	ctx        logCtx
}

func unzig(u uint64) int64 { return int64(u>>1) ^ -int64(u&1) }

func (l *Log) str(i uint32) string {
	if i == 0 {
		return ""
	}
	return l.strs[i]
}

// body is the body of message id.
func (l *Log) body(id int64) any {
	if i := *l.msgBody.At(int(id - 1)); i != 0 {
		return *l.bodies.At(int(i))
	}
	return nil
}

// get reads a varint at the reader's position.
func (r *reader) get(b []byte) uint64 {
	var x uint64
	var s uint
	for {
		c := b[r.off]
		r.off++
		if c < 0x80 {
			return x | uint64(c)<<s
		}
		x |= uint64(c&0x7f) << s
		s += 7
	}
}

// decoded is what reading an event tells besides the Event.
type decoded struct {
	kind     Kind
	from, to int32
	action   int // index in the action table, -1: none
}

// decode reads the next event into e (nil: only advance).
func (l *Log) decode(r *reader, e *Event) decoded {
	if r.off > logChunk-maxEncoded {
		r.chunk++
		r.off = 0
	}
	b := l.chunks[r.chunk]
	c := &r.ctx
	hdr := b[r.off]
	r.off++
	if hdr&0x0f == kindTime {
		c.time += unzig(r.get(b))
		hdr = b[r.off]
		r.off++
	}
	r.next++
	d := decoded{kind: Kind(hdr & 0x0f), from: None, to: None, action: -1}
	switch d.kind {
	case KindSend, kindSendAgain:
		again := d.kind == kindSendAgain
		d.kind = KindSend
		from := c.node
		if hdr&sendFromNode == 0 {
			from = int32(int64(c.node) + unzig(r.get(b)))
		}
		hop := int64(c.shop)
		if !again {
			hop = unzig(r.get(b))
		}
		to := int32(int64(from) + hop)
		if hdr&sendSameType == 0 {
			c.typ = uint32(r.get(b))
		}
		delay := int64(c.sdelay)
		if !again {
			delay = unzig(r.get(b))
		}
		c.shop, c.sdelay = int32(hop), int32(delay)
		arrive := c.time + delay
		switch hdr & (3 << 6) {
		case sendBodyNew:
			c.bodies++
			c.body = c.bodies
		case sendBodySame:
		default:
			// no body: the context's stays
		}
		c.sends++
		c.node = from
		d.from, d.to = from, to
		if e != nil {
			*e = Event{Seq: r.next, Time: c.time, Kind: KindSend, Node: None, From: from, To: to,
				MsgID: c.sends, Msg: Message{Type: l.str(c.typ)}, Arrive: arrive}
			if hdr&(3<<6) != 0 {
				e.Msg.Body = *l.bodies.At(int(c.body))
			}
		}
	case KindDeliver:
		id := c.did + 1
		if hdr&deliverNextID == 0 {
			id += unzig(r.get(b))
		}
		to := int32(int64(c.dto) + unzig(r.get(b)))
		hop := int64(c.dhop)
		if hdr&deliverSameHop == 0 {
			hop = unzig(r.get(b))
		}
		from := int32(int64(to) + hop)
		if hdr&deliverSameType == 0 {
			c.typ = uint32(r.get(b))
		}
		c.did, c.dto, c.node, c.dhop = id, to, to, int32(hop)
		d.from, d.to = from, to
		body := *l.msgBody.At(int(id - 1))
		if body != 0 {
			c.body = body
		}
		if e != nil {
			*e = Event{Seq: r.next, Time: c.time, Kind: KindDeliver, Node: None, From: from, To: to,
				MsgID: id, Msg: Message{Type: l.str(c.typ)}}
			if body != 0 {
				e.Msg.Body = *l.bodies.At(int(body))
			}
		}
	default: // kindGeneral
		kind := Kind(b[r.off])
		r.off++
		d.kind = kind
		ev := Event{Seq: r.next, Time: c.time, Kind: kind, Node: None, From: None, To: None}
		if hdr&genNode != 0 {
			c.node = int32(int64(c.node) + unzig(r.get(b)))
			ev.Node = c.node
		}
		if hdr&genLink != 0 {
			ev.From = int32(unzig(r.get(b)))
			ev.To = int32(unzig(r.get(b)))
		}
		if hdr&genMsg != 0 {
			ev.MsgID = unzig(r.get(b))
			ev.Msg.Type = l.str(uint32(r.get(b)))
			body := uint32(r.get(b))
			if body > c.bodies {
				c.bodies = body
			}
			if body != 0 {
				ev.Msg.Body = *l.bodies.At(int(body))
			}
			if kind == KindSend && ev.MsgID == c.sends+1 {
				c.sends++
			}
		}
		if hdr&genExtras != 0 {
			extras := b[r.off]
			r.off++
			if extras&1 != 0 {
				ev.Name = l.str(uint32(r.get(b)))
			}
			if extras&4 != 0 {
				d.action = int(r.get(b))
			}
			if extras&8 != 0 {
				ev.Arrive = c.time + unzig(r.get(b))
			}
			if e != nil {
				l.skipText(b, r, extras, &ev.Text)
			} else {
				l.skipText(b, r, extras, nil)
			}
		}
		d.from, d.to = ev.From, ev.To
		if e != nil {
			*e = ev
		}
	}
	return d
}

// seek moves the read cursor to event index i (from 0).
func (l *Log) seek(i int64) *reader {
	r := &l.rd
	if r.next > i || r.next/markEvery != i/markEvery || r.chunk >= len(l.chunks) {
		m := l.marks.At(int(i / markEvery))
		*r = reader{chunk: int(m.chunk), off: int(m.off), next: i / markEvery * markEvery, ctx: m.ctx}
	}
	for r.next < i {
		l.decode(r, nil)
	}
	return r
}

// At expands the event with sequence number seq (1..Len).
func (l *Log) At(seq int64) Event {
	var e Event
	if d := l.decode(l.seek(seq-1), &e); d.action >= 0 {
		act := l.actions[d.action]
		e.Action = &act
	}
	return e
}

// ActionAt returns the action of the event with sequence number seq, if any.
func (l *Log) ActionAt(seq int64) *Action {
	if d := l.decode(l.seek(seq-1), nil); d.action >= 0 {
		return &l.actions[d.action]
	}
	return nil
}
