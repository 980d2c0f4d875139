"""Optional compiled helpers (built from C when a compiler is present at install)."""
