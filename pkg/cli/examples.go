package cli

import (
	"strings"

	"github.com/spf13/cobra"
)

// examples are the Examples: of every command's help, by command path ("" is the
// root). Each is also on the command's page in docs/commands, where the docs test
// runs the offline ones in a copy of examples/sample (TestHelpExamples keeps both in
// step).
func examples() map[string]string {
	return map[string]string{
		"": `# write a config for the provider in this folder, build a release, publish it
capirepo init
capirepo build --version v0.1.0 --out dist
capirepo publish github --from dist --repo my-org/cluster-api-provider-sample`,
		"init": `# propose a capirepo.yaml for the provider in this folder: what init would write and ask
capirepo init --dry-run
capirepo init --stdout > proposal.yaml
# write it
capirepo init
# check it: build the newest release tag with it and compare with that tag's release
capirepo init --check`,
		"build": `# build v0.1.0 of every provider of capirepo.yaml into dist/ (a clusterctl local repository)
capirepo build --version v0.1.0 --out dist
# check everything and write nothing; in CI, the findings as annotations on their source lines
capirepo build --version v0.1.0 --dry-run -o github
# a first release (no earlier versions for the metadata check); the findings kept for code scanning
capirepo build --version v0.1.0 --published= --out dist --sarif capirepo.sarif`,
		"lint": `# lint what capirepo.yaml builds, as build would
capirepo lint
# lint a build output folder (SARIF for code scanning), or one file
capirepo build --version v0.1.0 --out dist
capirepo lint -o sarif dist > lint.sarif
capirepo lint dist/infrastructure-sample/v0.1.0/infrastructure-components.yaml
# every rule, with the contract sentence it enforces
capirepo lint --list-rules`,
		"vars": `# every variable of what capirepo.yaml builds
capirepo vars
# the variables table the contract asks providers to publish, for one template
capirepo vars -o markdown templates/cluster-template-topology.yaml`,
		"metadata": `capirepo metadata check --version v0.1.0
capirepo metadata add-series --version v0.2.0 --contract v1beta1`,
		"metadata check": `# before tagging v0.1.0: does metadata.yaml cover it, and every release before it (the git tags)?
capirepo metadata check --version v0.1.0
# a first release; the findings as GitHub annotations
capirepo metadata check --version v0.1.0 --published= -o github
# one file, without the comparison with the CRDs
capirepo metadata check --version v0.1.0 --file metadata.yaml`,
		"metadata add-series": `# before the first v0.2.x release: see what would change, then add the series
capirepo metadata add-series --version v0.2.0 --contract v1beta1 --dry-run
capirepo metadata add-series --version v0.2.0 --contract v1beta1`,
		"publish": `capirepo build --version v0.1.0 --out dist
capirepo publish local --from dist --to repo --dry-run
capirepo publish local --from dist --to repo`,
		"publish local": `capirepo build --version v0.1.0 --out dist
# what would change, then merge the release into the repository folder
capirepo publish local --from dist --to repo --dry-run
capirepo publish local --from dist --to repo -o json`,
		"publish github": `# GITHUB_TOKEN (or GH_TOKEN) may write the repository's contents: what would be uploaded, then upload
capirepo publish github --from dist --repo my-org/cluster-api-provider-sample --dry-run
capirepo publish github --from dist --repo my-org/cluster-api-provider-sample --notes-file CHANGELOG.md
# GitHub Enterprise: the server's root
capirepo publish github --from dist --repo my-org/cluster-api-provider-sample --github-url https://ghe.example.com`,
		"publish gitlab": `# in GitLab CI, with the job's token (CI_JOB_TOKEN)
capirepo publish gitlab --from dist --gitlab-url "$CI_SERVER_URL" --project "$CI_PROJECT_PATH"
# elsewhere, with GITLAB_TOKEN: what would be uploaded
capirepo publish gitlab --from dist --gitlab-url https://gitlab.example.com --project my-group/cluster-api-provider-sample --dry-run`,
		"publish oci": `capirepo publish oci --from dist --to ghcr.io/my-org/capi --source https://github.com/my-org/cluster-api-provider-sample
# every provider of dist in one artifact, under the operator's file names: what would be pushed
capirepo publish oci --from dist --to registry.example.com/capi --bundle providers --dry-run`,
		"publish configmaps": `capirepo build --version v0.1.0 --out dist
capirepo publish configmaps --from dist --to operator
# read back as the cluster-api-operator reads it
capirepo verify operator`,
		"verify": `# a build folder, before publishing it
capirepo build --version v0.1.0 --out dist
capirepo verify dist
# a published release, as clusterctl resolves latest; the findings as annotations
capirepo verify https://github.com/my-org/cluster-api-provider-sample/releases/latest/infrastructure-components.yaml -o github
# the signatures, with the key that signed them
capirepo verify dist --verify-key cosign.pub`,
		"diff": `# what changed since the last release, as clusterctl users see it
capirepo diff https://github.com/my-org/cluster-api-provider-sample/releases/v0.1.0/infrastructure-components.yaml dist
# two builds, as JSON (exit 1 when they differ)
capirepo diff -o json old dist`,
		"mirror": `# clusterctl's core providers and Docker, with cert-manager, for an air gap
capirepo mirror --out mirror --core cluster-api:v1.9.6 --bootstrap kubeadm:v1.9.6 --control-plane kubeadm:v1.9.6 --infrastructure docker:v1.9.6
# the providers of a clusterctl.yaml, their images copied to a registry inside the air gap
capirepo mirror --out mirror --from-config clusterctl.yaml --images-to registry.internal/capi
# what would be mirrored from a local repository, without cert-manager; nothing is written
capirepo mirror --out mirror --from-config dist/clusterctl.yaml --cert-manager= --dry-run`,
		"mirror relink": `# a mirror (or a build or publish local folder) moved to another place: what would change, then point it there
capirepo mirror relink moved --dry-run
capirepo mirror relink moved -o json`,
		"images": `capirepo images check dist
capirepo images copy dist --to registry.internal/capi`,
		"images check": `# does every image the build names exist, for both platforms?
capirepo images check dist --platform linux/amd64,linux/arm64
capirepo images check dist -o json`,
		"images copy": `# to a mirror registry: what would be copied, then copy
capirepo images copy dist --to registry.internal/capi --dry-run
capirepo images copy dist --to registry.internal/capi
# across an air gap: a layout folder to carry, then images push on the other side
capirepo images copy dist --layout images`,
		"images push": `capirepo images push images --to registry.internal/capi --dry-run
capirepo images push images --to registry.internal/capi`,
		"config":        `capirepo config schema > capirepo.schema.json`,
		"config schema": `capirepo config schema > capirepo.schema.json`,
		"version": `capirepo version
capirepo version -o json`,
		"completion": `source <(capirepo completion bash)
capirepo completion zsh > "${fpath[1]}/_capirepo"`,
		"completion bash":       `source <(capirepo completion bash)`,
		"completion zsh":        `capirepo completion zsh > "${fpath[1]}/_capirepo"`,
		"completion fish":       `capirepo completion fish > ~/.config/fish/completions/capirepo.fish`,
		"completion powershell": `capirepo completion powershell | Out-String | Invoke-Expression`,
		"help":                  `capirepo help publish github`,
	}
}

// addExamples sets every command's Example, indented as cobra prints it.
func addExamples(c *cobra.Command) {
	path := strings.TrimSpace(strings.TrimPrefix(c.CommandPath(), c.Root().Name()))
	if ex, ok := examples()[path]; ok {
		c.Example = "  " + strings.ReplaceAll(ex, "\n", "\n  ")
	}
	for _, sub := range c.Commands() {
		addExamples(sub)
	}
}
