"""Running generated programs and grading batches: sandbox, batch executor, results store."""
