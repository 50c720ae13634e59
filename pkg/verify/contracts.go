package verify

import (
	"fmt"

	"github.com/capirepo/capirepo/pkg/layout"
)

// readerContracts lists the contracts a reader can choose (`--contract`), newest first.
func readerContracts() []string { return []string{layout.ContractV1beta2, layout.ContractV1beta1} }

// CheckContract refuses a contract verify does not model, naming the clusterctl
// generation of each allowed one.
func CheckContract(contract string) error {
	for _, c := range readerContracts() {
		if c == contract {
			return nil
		}
	}
	return fmt.Errorf("%q: use v1beta2 (clusterctl v1.11+) or v1beta1 (clusterctl v1.7-v1.10)", contract)
}
