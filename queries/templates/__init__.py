"""Commented scenario skeletons, one per question kind, printed by ``mtgrules new KIND``."""
