package timeline

import "testing"

func TestStepList(t *testing.T) {
	var l stepList
	var ends []int64
	var users []bool
	end := int64(0)
	for k := range 3 * stepBlock {
		switch {
		case k == stepBlock+7:
			end += 1 << 32 // a huge step: kept aside
		default:
			end += int64(k%5 + 1)
		}
		ends, users = append(ends, end), append(users, k%7 == 3)
		l.Add(end, k%7 == 3)
	}
	check := func() {
		t.Helper()
		for k := range l.Len() {
			if l.End(k) != ends[k] || l.User(k) != users[k] {
				t.Fatalf("step %d: end %d user %v, want %d %v", k, l.End(k), l.User(k), ends[k], users[k])
			}
		}
	}
	check()
	for _, n := range []int{2*stepBlock + 1, stepBlock + 8, stepBlock + 7, stepBlock, 5, 0} {
		l.Truncate(n)
		ends, users = ends[:n], users[:n]
		if l.Len() != n {
			t.Fatalf("Truncate(%d): Len %d", n, l.Len())
		}
		check()
		for range 10 { // grow again after the cut
			end++
			if n > 0 {
				end = max(end, ends[len(ends)-1]+1)
			}
			ends, users = append(ends, end), append(users, true)
			l.Add(end, true)
		}
		check()
		l.Truncate(n)
		ends, users = ends[:n], users[:n]
	}
}
