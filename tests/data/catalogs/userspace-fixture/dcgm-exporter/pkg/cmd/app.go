// Excerpt of NVIDIA/dcgm-exporter pkg/cmd/app.go at tag 4.5.3-4.8.2 (the file has no licence header;
// the repository is Apache-2.0): the package clause, the imports the excerpt uses, and lines
// 394-406, 693-696 (inside a function header of our own) and 816-823, 825-826 of the original.
package cmd

import (
	"context"
	"fmt"
	"log/slog"
)

func action(c *cli.Context) (err error) {
	return stdout.Capture(context.Background(), func() error {
		// The purpose of this function is to capture any panic that may occur
		// during initialization and return an error.
		defer func() {
			if r := recover(); r != nil {
				slog.Error("Encountered a failure.", slog.String(logging.StackTrace, string(debug.Stack())))
				err = fmt.Errorf("encountered a failure; err: %v", r)
			}
		}()
		return startDCGMExporter(c)
	})
}

func hotReloadExcerpt() {
	if server.IsReloadInProgress() {
		slog.Warn("Hot reload already in progress - ignoring duplicate request")
		return nil
	}
	// This will succeed if GPU is present, fail gracefully if not
	config, err := contextToConfig(c)
	if err != nil {
		slog.ErrorContext(ctx, "Failed to read config",
			slog.Uint64("reload_id", reloadID),
			slog.String("error", err.Error()))
		return
	}
	slog.InfoContext(ctx, "Reinitializing DCGM",
		slog.Uint64("reload_id", reloadID))
}
