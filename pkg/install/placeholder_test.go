package install

import (
	"slices"
	"testing"
)

// A refusal is the placeholder's only when every invalid field it names holds a
// variable capirepo made up; a literal, a given variable or an unknown field keep it
// the release's (the message is the API server's, as kube-apiserver v1.35 words it).
func TestPlaceholderCause(t *testing.T) {
	tmpl := []byte(`---
kind: ROSARoleConfig
metadata:
  name: "${CLUSTER_NAME}-role-config"
spec:
  accountRoleConfig:
    prefix: "${ACCOUNT_ROLES_PREFIX}"
  operatorRoleConfig:
    prefix: "${OPERATOR_ROLES_PREFIX}"
  literal: too-long-literal
`)
	files := map[string][]byte{"cluster-template.yaml": tmpl}
	both := `ROSARoleConfig.infrastructure.cluster.x-k8s.io "capirepo-install-role-config" is invalid: [spec.operatorRoleConfig.prefix: Too long: may not be more than 4 bytes, spec.accountRoleConfig.prefix: Too long: may not be more than 4 bytes, <nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation]`
	made := []string{"ACCOUNT_ROLES_PREFIX", "OPERATOR_ROLES_PREFIX"}
	cases := []struct {
		name, msg string
		made      []string
		want      []string
	}{
		{"every field a placeholder", both, made, made},
		{"one field given by the user", both, []string{"ACCOUNT_ROLES_PREFIX"}, nil},
		{"a literal field", `x "y" is invalid: [spec.accountRoleConfig.prefix: Too long: may not be more than 4 bytes, spec.literal: Too long: may not be more than 4 bytes]`, made, nil},
		{"one field, no list", `x "y" is invalid: spec.operatorRoleConfig.prefix: Too long: may not be more than 4 bytes`, made, []string{"OPERATOR_ROLES_PREFIX"}},
		{"an unknown field", `strict decoding error: unknown field "spec.accountRoleConfig.prefixx"`, made, nil},
		{"a field not in the template", `x "y" is invalid: spec.other: Required value`, made, nil},
		{"no placeholders", both, nil, nil},
	}
	for _, c := range cases {
		ref := Refusal{Kind: "ROSARoleConfig", Name: "capirepo-install-role-config", Message: c.msg}
		_, doc, originals := locateDoc(files, "cluster-template.yaml", ref)
		if got := placeholderCause(doc, originals, ref.Message, c.made); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// Components' required variables get placeholders for init, named by file (an
// earlier release's with its version); --values wins; B64 names get base64.
func TestInitValues(t *testing.T) {
	comp := []byte("kind: Secret\ndata:\n  credentials: ${AWS_B64ENCODED_CREDENTIALS}\n  region: ${REGION}\n  zone: ${ZONE:=z1}\n")
	rs := []Release{
		{Label: "infrastructure-aws", Version: "v2.0.0", Files: map[string][]byte{"infrastructure-components.yaml": comp}},
		{Label: "infrastructure-aws", Version: "v1.0.0", Files: map[string][]byte{"infrastructure-components.yaml": []byte("x: ${OLD_ONLY}\n")}},
	}
	got, notes, err := InitValues(rs, map[string]string{"REGION": "eu-1"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"AWS_B64ENCODED_CREDENTIALS": "cGxhY2Vob2xkZXI=", "REGION": "eu-1", "OLD_ONLY": "placeholder"}
	if len(got) != len(want) {
		t.Fatalf("values %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s=%q, want %q", k, got[k], v)
		}
	}
	wantNotes := []string{
		"infrastructure-components.yaml: AWS_B64ENCODED_CREDENTIALS=cGxhY2Vob2xkZXI= (a placeholder: set it with --values)",
		"v1.0.0/infrastructure-components.yaml: OLD_ONLY=placeholder (a placeholder: set it with --values)",
	}
	if !slices.Equal(notes, wantNotes) {
		t.Errorf("notes %q, want %q", notes, wantNotes)
	}
}
