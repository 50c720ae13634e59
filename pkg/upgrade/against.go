package upgrade

import "github.com/capirepo/capirepo/pkg/inventory"

// Against checks each release of next against the earlier releases of the same
// provider in history (a published repository, or a folder of earlier releases):
// releases are matched by label, or, when history holds one provider and next one
// release, with each other whatever their labels (a file set has none). A release
// with no earlier one gets a step without From. One cache reads the documents the
// releases share once.
func Against(next, history []inventory.Input) []Step {
	cache := inventory.NewCache()
	byLabel := map[string][]*inventory.Release{}
	var labels []string
	for _, in := range history {
		if byLabel[in.Label] == nil {
			labels = append(labels, in.Label)
		}
		byLabel[in.Label] = append(byLabel[in.Label], cache.Of(in))
	}
	var out []Step
	for _, in := range next {
		r := cache.Of(in)
		past, ok := byLabel[in.Label]
		if !ok && len(labels) == 1 && len(next) == 1 {
			past = byLabel[labels[0]]
		}
		step := Step{Next: r, From: Sources(r, past)}
		step.Findings = Check(r, step.From)
		out = append(out, step)
	}
	return out
}
