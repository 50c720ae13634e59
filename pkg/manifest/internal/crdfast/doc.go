// Package crdfast is pkg/manifest's fast path for CustomResourceDefinitions as
// kustomize and controller-gen write them (block style, two-space indentation): it
// cuts or blanks their schemas line by line (CutOut, CutSchemas, BlankSchemas),
// prunes parsed schemas to a tree of kept paths (NewTree, PruneSchemaHolder; the
// paths come from pkg/contract through manifest.Options.Slim), vouches that a block
// is plain YAML (ValidBlock) and builds yaml.v3's nodes for plain text without the
// parser (PlainDocument). Whatever it is unsure of, manifest parses whole.
package crdfast
