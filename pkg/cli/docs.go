package cli

import (
	"strings"

	"github.com/spf13/cobra"
)

// docsURL is where the command reference lives: one page per command (docs/commands).
const docsURL = "https://github.com/capirepo/capirepo/blob/main/docs/commands/"

// docPage is the page of docs/commands that documents c: "publish-local.md" for
// `capirepo publish local`, "images.md" for the group `capirepo images`; the root
// gets the index.
func docPage(c *cobra.Command) string {
	path := strings.Fields(c.CommandPath())[1:]
	switch {
	case len(path) == 0:
		return "README.md"
	case path[0] == "completion":
		return "completion.md"
	}
	return strings.Join(path, "-") + ".md"
}

// linkDocs ends the help of every command below c with the address of its page.
func linkDocs(c *cobra.Command) {
	if c.Name() != "help" {
		long := c.Long
		if long == "" {
			long = c.Short
		}
		c.Long = strings.TrimRight(long, "\n") + "\n\nReference: " + docsURL + docPage(c)
	}
	for _, sub := range c.Commands() {
		linkDocs(sub)
	}
}
