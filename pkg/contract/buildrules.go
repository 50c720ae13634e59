package contract

import "github.com/capirepo/capirepo/pkg/lint"

// Rules about the build's inputs rather than its output files.
var (
	RuleKustomizeDeprecated = rule("kustomize-deprecated", lint.Warning, "kustomize warns about deprecated kustomization fields (bases, commonLabels, imageTags, patchesJson6902, patchesStrategicMerge, vars); `kustomize edit fix` rewrites them.")
	RuleTemplatesEmpty      = rule("templates-folder-empty", lint.Warning, "A templates path entry should ship at least one cluster-template*.yaml or clusterclass-*.yaml file; an empty folder ships no templates.")
)
