package cli

import (
	"fmt"

	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/repository"
)

// withinCaps refuses (exit 3) a release file that verify and mirror would refuse:
// over its size cap (metadata.yaml 1 MiB, other files 64 MiB) or its document cap
// (repository.CheckFile), for build's rendered output and lint's inputs alike.
func withinCaps(rs ...*release.Release) error {
	for _, r := range rs {
		for _, f := range r.Files {
			if err := repository.CheckFile(f.Name, f.Data); err != nil {
				return withCode(ExitInput, fmt.Errorf("%s: %w; readers refuse such a file, so it is not built or linted", r, err))
			}
		}
	}
	return nil
}
