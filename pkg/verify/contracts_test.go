package verify

import (
	"strings"
	"testing"
)

func TestCheckContract(t *testing.T) {
	for _, c := range readerContracts() {
		if err := CheckContract(c); err != nil {
			t.Errorf("CheckContract(%q) = %v, want nil", c, err)
		}
	}
	for _, c := range []string{"", "v1alpha4", "V1BETA2", "v1beta3"} {
		err := CheckContract(c)
		if err == nil || !strings.Contains(err.Error(), "use v1beta2 (clusterctl v1.11+) or v1beta1") {
			t.Errorf("CheckContract(%q) = %v, want a refusal naming the allowed contracts", c, err)
		}
	}
}

func TestContractsMatchClients(t *testing.T) {
	got := map[string]bool{}
	for _, c := range readerContracts() {
		got[c] = true
	}
	for _, cl := range generations() {
		if !got[cl.Contract] {
			t.Errorf("Clients() has contract %q that Contracts() does not allow", cl.Contract)
		}
	}
}
