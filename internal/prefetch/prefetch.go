// Package prefetch asks the processor to start loading memory into its
// caches before it is read. A hint only: it never faults and changes no
// result, so an address that turns out unused costs a little bandwidth.
// A long run's next steps read messages and processes spread over more
// memory than the caches hold; asking for them a step ahead lets the
// misses overlap the current step's work.
package prefetch
