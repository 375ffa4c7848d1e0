"""The lessons' JupyterLab (``bash run.sh lessons`` puts this folder on ``JUPYTER_CONFIG_PATH``).

- No "Would you like to get notified about official Jupyter news?" over the start page, and no requests for
  news or updates (the lessons work offline): ``lab-settings/overrides.json`` sets the defaults of
  ``fetchNews`` and ``checkForUpdates`` (a learner can still turn them on in Settings).
- A lesson opens unmodified. JupyterLab writes the running kernel's ``language_info`` into a notebook when
  its kernel starts and marks the tab modified if that differs from the file. ``lessons/build.py`` writes
  ipykernel's ``language_info`` and kernelspec, but the Python version in it can only be one; the contents
  manager below shows a lesson with this machine's Python version in place of the one written, and
  changes nothing else (the file itself changes only if the learner saves it).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from jupyter_server.services.contents.largefilemanager import AsyncLargeFileManager

c = get_config()  # type: ignore[name-defined]  # noqa: F821
c.LabApp.app_settings_dir = str(Path(__file__).resolve().parent / "lab-settings")
c.LabApp.news_url = None


class LessonContentsManager(AsyncLargeFileManager):  # type: ignore[misc]
    """Notebooks as on disk, with the Python version of ``language_info`` that this machine's kernel reports."""

    async def get(self, path: str, content: bool = True, type: str | None = None, **kw: Any) -> Any:
        model = await super().get(path, content=content, type=type, **kw)
        if content and model.get("type") == "notebook" and isinstance(model.get("content"), dict):
            info = model["content"].get("metadata", {}).get("language_info")
            if isinstance(info, dict) and info.get("name") == "python" and "version" in info:
                info["version"] = sys.version.split()[0]  # what ipykernel reports for this Python
        return model


c.ServerApp.contents_manager_class = LessonContentsManager
