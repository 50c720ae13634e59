package cli

import (
	"github.com/capirepo/capirepo/pkg/config"
	"github.com/spf13/cobra"
)

func newConfigCmd(io streams) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "config",
		Short: "Work with capirepo.yaml: its JSON Schema",
	}
	cmd.AddCommand(newConfigSchemaCmd(io))
	return cmd
}

func newConfigSchemaCmd(io streams) *cobra.Command {
	return &cobra.Command{
		Use:   "schema",
		Short: "Print the JSON Schema of capirepo.yaml, for editors and CI validators",
		Long: `schema prints the JSON Schema (draft 2020-12) of capirepo.yaml, generated from the
types capirepo decodes it into: every key, its type, unknown keys refused. Editors with
the YAML language server read it from the first line init writes:
# yaml-language-server: $schema=` + config.SchemaID,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			data, err := config.Schema()
			if err != nil {
				return err
			}
			_, err = io.out.Write(append(data, '\n'))
			return err
		},
	}
}
