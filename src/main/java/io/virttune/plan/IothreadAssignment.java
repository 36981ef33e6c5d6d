package io.virttune.plan;

import io.virttune.xml.DiskView;
import io.virttune.xml.DomainXml;
import java.util.ArrayList;
import java.util.List;

/** One new IOThread per virtio disk that has none; existing threads and ids are respected. */
final class IothreadAssignment {
  private IothreadAssignment() {}

  /** @param changes each disk's change lines, in the order of {@code views} */
  static void assign(DomainXml edited, List<DiskView> needIothread, List<DiskView> views, List<List<String>> changes) {
    if (needIothread.isEmpty()) {
      return;
    }
    List<Integer> before = edited.iothreads().usableIds();
    edited.iothreads().setCount(edited.iothreads().count() + needIothread.size());
    List<Integer> fresh = new ArrayList<>(edited.iothreads().usableIds());
    fresh.removeAll(before);
    for (int i = 0; i < needIothread.size(); i++) {
      DiskView view = needIothread.get(i);
      view.setIothread(fresh.get(i));
      changes.get(views.indexOf(view)).add("iothread -> " + fresh.get(i));
    }
  }
}
