// Package components turns rendered resources into the components YAML clusterctl
// reads: optional imagePullPolicy, clusterctl's object order, deterministic bytes.
package components

import (
	"bytes"
	"fmt"
	"math"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"

	"sigs.k8s.io/kustomize/api/resource"
	kyaml "sigs.k8s.io/kustomize/kyaml/yaml"
)

// Options for Encode.
type Options struct {
	ImagePullPolicy string // set on every container of Deployments and DaemonSets when non-empty
	MaxSize         int64  // the cap of the encoded file (the readers' cap, which callers hold; 0: none)
}

// Resources is rendered resources in order (a kustomize ResMap is one).
type Resources interface{ Resources() []*resource.Resource }

// Encode applies the options and returns the resources as multi-document YAML in
// clusterctl's order: Namespace first, then cert-manager.io objects, then the rest in
// render order.
func Encode(m Resources, opts Options) ([]byte, error) {
	res := m.Resources()
	if opts.ImagePullPolicy != "" {
		for _, r := range res {
			if err := setPullPolicy(r, opts.ImagePullPolicy); err != nil {
				return nil, err
			}
		}
	}
	sort.SliceStable(res, func(i, j int) bool { return rank(res[i]) < rank(res[j]) })
	docs, err := encodeAll(res, capOf(opts))
	if err != nil {
		return nil, err
	}
	return bytes.Join(docs, []byte("---\n")), nil
}

// encodeAll writes each resource as YAML, on all CPUs (the conversion through JSON
// costs about as much as the render), and stops once the documents pass limit; the
// first failure in output order is returned.
func encodeAll(res []*resource.Resource, limit int64) ([][]byte, error) {
	docs := make([][]byte, len(res))
	errs := make([]error, len(res))
	var wg sync.WaitGroup
	var total atomic.Int64
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if total.Load() > limit {
					continue
				}
				docs[i], errs[i] = res[i].AsYAML()
				total.Add(int64(len(docs[i])))
			}
		}()
	}
	for i := range res {
		next <- i
	}
	close(next)
	wg.Wait()
	if total.Load() > limit {
		return nil, fmt.Errorf("the rendered file is larger than the %s cap of a release file, which verify and mirror refuse", size(limit))
	}
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("encoding %s: %w", res[i].CurId(), err)
		}
	}
	return docs, nil
}

func capOf(o Options) int64 {
	if o.MaxSize > 0 {
		return o.MaxSize
	}
	return math.MaxInt64
}

// size prints a cap in MiB (bytes when it is not whole MiB).
func size(n int64) string {
	if n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

func rank(r *resource.Resource) int {
	switch {
	case r.GetKind() == "Namespace":
		return 0
	case r.GetGvk().Group == "cert-manager.io":
		return 1
	}
	return 2
}

func setPullPolicy(r *resource.Resource, policy string) error {
	if k := r.GetKind(); k != "Deployment" && k != "DaemonSet" {
		return nil
	}
	for _, field := range []string{"containers", "initContainers"} {
		list, err := r.Pipe(kyaml.Lookup("spec", "template", "spec", field))
		if err != nil || list == nil {
			continue
		}
		err = list.VisitElements(func(c *kyaml.RNode) error {
			return c.PipeE(kyaml.SetField("imagePullPolicy", kyaml.NewScalarRNode(policy)))
		})
		if err != nil {
			return fmt.Errorf("setting imagePullPolicy in %s: %w", r.CurId(), err)
		}
	}
	return nil
}
